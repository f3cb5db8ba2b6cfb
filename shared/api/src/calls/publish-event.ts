import { useAuthStore } from '@entry/auth';
import { DEFAULT_USER_TYPE, GATEWAY_EVENT_TYPE } from '@entry/constants';
import { http } from '../http-client.ts';
import { getSessionId } from '../session/session-id.ts';
import { SERVICES } from '../services.ts';

/** The Gateway event of SPEC section 3. */
export type GatewayEvent = {
  eventName: string;
  eventType: typeof GATEWAY_EVENT_TYPE;
  sessionId: string;
  id_user: number | null;
  id_school_customer: number | null;
  userType: string;
  shard: string | null;
  localeCode: string | null;
  /** A fresh id per event, so the gateway can drop a resent copy. */
  id_local: string;
  browser: { userAgent: string; language: string; viewport: string };
  currentUrl: string;
};

export const buildGatewayEvent = (eventName: string): GatewayEvent => {
  const { user } = useAuthStore.getState();
  return {
    eventName,
    eventType: GATEWAY_EVENT_TYPE,
    sessionId: getSessionId(),
    id_user: user?.id_user ?? null,
    id_school_customer: user?.id_school_customer ?? null,
    userType: user?.base ?? DEFAULT_USER_TYPE,
    shard: user?.shard ?? null,
    localeCode: user?.localeCode ?? null,
    id_local: crypto.randomUUID(),
    browser: {
      userAgent: navigator.userAgent,
      language: navigator.language,
      viewport: `${window.innerWidth}x${window.innerHeight}`,
    },
    currentUrl: window.location.href,
  };
};

/** POST /publish to the event gateway. Analytics never break a journey, so a failure is swallowed. */
export const publishEvent = async (eventName: string): Promise<void> => {
  await http
    .post(`${SERVICES.gateway}/publish`, { json: buildGatewayEvent(eventName) })
    .catch(() => undefined);
};
