/**
 * The route table of spec §2. Screens are code-split with React `lazy`, but for the home feed, the
 * landing page, which comes with the entry so that / draws its feed in the first pass (LCP). The
 * screen frame shows a skeleton while a screen's code loads and the router fallback when one fails. The table is plain
 * elements, so the app renders it with `useRoutes` under a `BrowserRouter` (no data router) and tests
 * can render it in a memory router.
 */
import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { TOPICS } from '../../domain/constants.ts';
import { AppShell } from '../layout/AppShell.tsx';
import { HomePage } from '../pages/HomePage.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { GuestOnly } from './GuestOnly.tsx';
import { ScreenFrame } from './ScreenFrame.tsx';

const PopularPage = lazy(() => import('../pages/PopularPage.tsx').then((m) => ({ default: m.PopularPage })));
const createPage = () => import('../pages/CreatePage.tsx');
const CreatePostTab = lazy(() => createPage().then((m) => ({ default: m.CreatePostTab })));
const CreatePollTab = lazy(() => createPage().then((m) => ({ default: m.CreatePollTab })));
const profilePage = () => import('../pages/ProfilePage.tsx');
const ProfilePage = lazy(() => profilePage().then((m) => ({ default: m.ProfilePage })));
const ProfileTab = lazy(() => profilePage().then((m) => ({ default: m.ProfileTab })));
const PostPage = lazy(() => import('../pages/PostPage.tsx').then((m) => ({ default: m.PostPage })));
const PollPage = lazy(() => import('../pages/PollPage.tsx').then((m) => ({ default: m.PollPage })));
const TopicPage = lazy(() => import('../pages/TopicPage.tsx').then((m) => ({ default: m.TopicPage })));
const RoomPage = lazy(() => import('../pages/RoomPage.tsx').then((m) => ({ default: m.RoomPage })));
const SettingsPage = lazy(() =>
  import('../pages/SettingsPage.tsx').then((m) => ({ default: m.SettingsPage })),
);
const AboutPage = lazy(() => import('../pages/AboutPage.tsx').then((m) => ({ default: m.AboutPage })));
const TestPage = lazy(() => import('../pages/TestPage.tsx').then((m) => ({ default: m.TestPage })));
const SignInPage = lazy(() =>
  import('../pages/auth/SignInPage.tsx').then((m) => ({ default: m.SignInPage })),
);
const SignUpPage = lazy(() =>
  import('../pages/auth/SignUpPage.tsx').then((m) => ({ default: m.SignUpPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../pages/auth/ResetPasswordPage.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);
const VerifyAccountPage = lazy(() =>
  import('../pages/auth/VerifyAccountPage.tsx').then((m) => ({ default: m.VerifyAccountPage })),
);

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    children: [
      {
        element: <ScreenFrame />,
        children: [
          { index: true, element: <HomePage /> },
          {
            element: <GuestOnly />,
            children: [
              { path: 'signin', element: <SignInPage /> },
              { path: 'signup', element: <SignUpPage /> },
              { path: 'resetpassword', element: <ResetPasswordPage /> },
            ],
          },
          { path: 'varifyaccount', element: <VerifyAccountPage /> },
          { path: 'popular', element: <PopularPage /> },
          {
            path: 'create',
            children: [
              { index: true, element: <Navigate to="post" replace /> },
              { path: 'post', element: <CreatePostTab /> },
              { path: 'poll', element: <CreatePollTab /> },
            ],
          },
          {
            path: 'u/:username',
            element: <ProfilePage />,
            children: [
              { index: true, element: <Navigate to="overview" replace /> },
              ...(['overview', 'posts', 'upvoted', 'commented'] as const).map((tab) => ({
                path: tab,
                element: <ProfileTab tab={tab} />,
              })),
            ],
          },
          { path: 'post/:postId', element: <PostPage /> },
          { path: 'post/:roomId/:postId', element: <PostPage /> },
          { path: 'poll', element: <PollPage /> },
          { path: 'poll/:id', element: <PollPage /> },
          ...TOPICS.map((topic) => ({ path: `q/${topic}`, element: <TopicPage topic={topic} /> })),
          { path: 'room/:CreatorId/:title', element: <RoomPage /> },
          { path: 'setting', element: <SettingsPage /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'test', element: <TestPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
