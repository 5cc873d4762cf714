/**
 * The route table of spec §2. Screens are code-split with `lazy`; those owned by later issues show
 * their skeleton. Errors thrown while rendering a route show the router fallback inside the shell.
 */
import { Navigate, type RouteObject } from 'react-router-dom';
import { TOPICS } from '../../domain/constants.ts';
import { FeedSkeleton } from '../components/Skeletons.tsx';
import { AppShell } from '../layout/AppShell.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { RouterFallback } from '../pages/RouterFallback.tsx';
import { GuestOnly } from './GuestOnly.tsx';

const pages = {
  home: () => import('../pages/HomePage.tsx'),
  popular: () => import('../pages/PopularPage.tsx'),
  create: () => import('../pages/CreatePage.tsx'),
  profile: () => import('../pages/ProfilePage.tsx'),
  post: () => import('../pages/PostPage.tsx'),
  poll: () => import('../pages/PollPage.tsx'),
  topic: () => import('../pages/TopicPage.tsx'),
  room: () => import('../pages/RoomPage.tsx'),
  settings: () => import('../pages/SettingsPage.tsx'),
  about: () => import('../pages/AboutPage.tsx'),
  test: () => import('../pages/TestPage.tsx'),
  signIn: () => import('../pages/auth/SignInPage.tsx'),
  signUp: () => import('../pages/auth/SignUpPage.tsx'),
  resetPassword: () => import('../pages/auth/ResetPasswordPage.tsx'),
  verifyAccount: () => import('../pages/auth/VerifyAccountPage.tsx'),
};

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <AppShell />,
    errorElement: <RouterFallback />,
    children: [
      {
        id: 'screens',
        errorElement: <RouterFallback />,
        // Shown in the main column while the first screen's code loads.
        hydrateFallbackElement: <FeedSkeleton items={2} />,
        children: [
          { index: true, lazy: () => pages.home().then((m) => ({ Component: m.HomePage })) },
          {
            element: <GuestOnly />,
            children: [
              { path: 'signin', lazy: () => pages.signIn().then((m) => ({ Component: m.SignInPage })) },
              { path: 'signup', lazy: () => pages.signUp().then((m) => ({ Component: m.SignUpPage })) },
              {
                path: 'resetpassword',
                lazy: () => pages.resetPassword().then((m) => ({ Component: m.ResetPasswordPage })),
              },
            ],
          },
          {
            path: 'varifyaccount',
            lazy: () => pages.verifyAccount().then((m) => ({ Component: m.VerifyAccountPage })),
          },
          { path: 'popular', lazy: () => pages.popular().then((m) => ({ Component: m.PopularPage })) },
          {
            path: 'create',
            children: [
              { index: true, element: <Navigate to="post" replace /> },
              { path: 'post', lazy: () => pages.create().then((m) => ({ Component: m.CreatePostTab })) },
              { path: 'poll', lazy: () => pages.create().then((m) => ({ Component: m.CreatePollTab })) },
            ],
          },
          {
            path: 'u/:username',
            lazy: () => pages.profile().then((m) => ({ Component: m.ProfilePage })),
            children: [
              { index: true, element: <Navigate to="overview" replace /> },
              ...(['overview', 'posts', 'upvoted', 'commented'] as const).map((tab) => ({
                path: tab,
                lazy: () => pages.profile().then(({ ProfileTab }) => ({ element: <ProfileTab tab={tab} /> })),
              })),
            ],
          },
          { path: 'post/:postId', lazy: () => pages.post().then((m) => ({ Component: m.PostPage })) },
          { path: 'post/:roomId/:postId', lazy: () => pages.post().then((m) => ({ Component: m.PostPage })) },
          { path: 'poll', lazy: () => pages.poll().then((m) => ({ Component: m.PollPage })) },
          { path: 'poll/:id', lazy: () => pages.poll().then((m) => ({ Component: m.PollPage })) },
          ...TOPICS.map((topic) => ({
            path: `q/${topic}`,
            lazy: () => pages.topic().then(({ TopicPage }) => ({ element: <TopicPage topic={topic} /> })),
          })),
          {
            path: 'room/:CreatorId/:title',
            lazy: () => pages.room().then((m) => ({ Component: m.RoomPage })),
          },
          { path: 'setting', lazy: () => pages.settings().then((m) => ({ Component: m.SettingsPage })) },
          { path: 'about', lazy: () => pages.about().then((m) => ({ Component: m.AboutPage })) },
          { path: 'test', lazy: () => pages.test().then((m) => ({ Component: m.TestPage })) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
