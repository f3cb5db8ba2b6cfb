/** The support chat, behind an interface so the widget can change without touching the app. */
export type SupportChat = { refresh: () => void };

type HubSpotWindow = { HubSpotConversations?: { widget?: { refresh: () => void } } };

/** HubSpot-style widget: loaded only when a portal id is configured; its widget refreshes per page. */
export const createSupportChat = (portalId: string | undefined, target: Window = window): SupportChat => {
  if (!portalId) return { refresh: () => undefined };
  const script = target.document.createElement('script');
  script.src = `https://js.hs-scripts.com/${encodeURIComponent(portalId)}.js`;
  script.async = true;
  target.document.head.append(script);
  return { refresh: () => (target as unknown as HubSpotWindow).HubSpotConversations?.widget?.refresh() };
};
