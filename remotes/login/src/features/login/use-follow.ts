import { useCallback } from 'react';
import { BASE_PATH, useNavigate } from '@entry/routes';

/** Goes to a checked redirect: inside this app without a page load, elsewhere on the site with one. */
export const useFollow = () => {
  const navigate = useNavigate();
  return useCallback(
    (path: string) => {
      if (path === BASE_PATH || path.startsWith(`${BASE_PATH}/`)) navigate(path.slice(BASE_PATH.length) || '/');
      else window.location.assign(path);
    },
    [navigate],
  );
};
