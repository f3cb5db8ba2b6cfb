import { useEffect, useRef } from 'react';
import { addressCarriesSecret, useLocation, useNavigate } from '@entry/routes';
import { hashPath, inAppPath } from './in-app-link.ts';
import { createSupportChat, type SupportChat } from './support-chat.ts';

/** SPEC section 2, Global behaviours: in-app links, `#/` redirects, and a support chat refresh per page. */
export const useNavigationBehaviours = () => {
  const navigate = useNavigate();
  const location = useLocation();
  const chat = useRef<SupportChat | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest('a');
      const path = anchor ? inAppPath(anchor, window.location.origin) : null;
      if (!path) return;
      event.preventDefault();
      navigate(path);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);

  useEffect(() => {
    const path = hashPath(location.hash);
    if (path) navigate(path, { replace: true });
  }, [location.hash, navigate]);

  useEffect(() => {
    // The chat's script is a third party's: it loads only once no secret is left in the address.
    if (addressCarriesSecret(location.pathname, location.search)) return;
    chat.current ??= createSupportChat(import.meta.env.PUBLIC_HUBSPOT_PORTAL_ID);
    chat.current.refresh();
  }, [location.pathname, location.search]);
};
