/**
 * A route that only moves on (`/create` to `/create/post`, `/u/{name}` to its overview): react-router's
 * `<Navigate>` in the browser; on the server, where `<Navigate>` cannot act, the page answers with a
 * redirect to the same place (firstScreen.ts).
 */
import { useContext } from 'react';
import { Navigate, useHref } from 'react-router-dom';
import { ServerRenderContext } from '../../system/firstScreen.ts';

export function Redirect({ to }: { to: string }) {
  const server = useContext(ServerRenderContext);
  const href = useHref(to);
  if (server) {
    server.redirect(href);
    return null;
  }
  return <Navigate to={to} replace />;
}
