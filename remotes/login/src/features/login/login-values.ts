export type LoginValues = { username: string; password: string; captcha: string };
