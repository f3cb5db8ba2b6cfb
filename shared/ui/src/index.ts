export { BRANDS, BrandTheme, useBrand, type Brand } from './brand-theme.tsx';
export { PendingScreen } from './pending-screen.tsx';
// AppProviders mounts the page's one toast host and alert dialog host, so they are not exported.
export { AppProviders } from './app-providers.tsx';
export { PageHeader } from './page-header.tsx';
export { PageTitle, useBrandName } from './page-title.tsx';
export { AUDIENCES, audienceOf, type Audience } from './audience/audience.ts';
export { AudienceIllustration } from './audience/illustration.tsx';
export { useExamMode, useInExamMode } from './exam-mode.ts';
export { SubmitButton, type SubmitButtonProps } from './submit-button.tsx';
export { useBrowserValue } from './use-browser-value.ts';
export { useValueShownBeforeHydration } from './use-value-shown-before-hydration.ts';
export { notify, type Notify, type NotifyOptions, type ToastAction } from './notify.ts';
export {
  alertDialog,
  useAlertDialogStore,
  type AlertDialogOptions,
  type AlertDialogSize,
  type QueuedAlertDialog,
} from './alert-dialog-store.ts';
export { Dialog, type DialogProps, type DialogSize } from './dialog.tsx';
export { useAppForm, type AppFormOptions } from './use-app-form.ts';
export { Form, type FormProps } from './form.tsx';
export {
  useController,
  useFormContext,
  type Control,
  type FieldPath,
  type FieldValues,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
export { TextInput, type TextInputProps } from './text-input.tsx';
export { Link, type LinkProps } from './link.tsx';
export { Spinner } from './spinner.tsx';
export { STATUS_TONES, StatusMessage, StatusText, type StatusMessageProps, type StatusTone } from './status-message.tsx';
export { Box } from '@radix-ui/themes/components/box';
export { Button } from '@radix-ui/themes/components/button';
// Screens show messages with StatusMessage; Callout stays exported for remotes built before it.
export * as Callout from '@radix-ui/themes/components/callout';
export { Card } from '@radix-ui/themes/components/card';
export { Container } from '@radix-ui/themes/components/container';
export { Flex } from '@radix-ui/themes/components/flex';
export { Heading } from '@radix-ui/themes/components/heading';
export { Separator } from '@radix-ui/themes/components/separator';
export { Text } from '@radix-ui/themes/components/text';
