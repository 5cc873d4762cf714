/** The app's browser router; machines navigate through it (setNavigator, see effects.ts). */
import { createBrowserRouter } from 'react-router-dom';
import { setNavigator } from './effects.ts';
import { routes } from './routes.tsx';

export const router = createBrowserRouter(routes);
setNavigator((to, options) => router.navigate(to, options));
