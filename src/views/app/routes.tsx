/**
 * The route table of spec §2. Screens are code-split with React `lazy`, but for the home feed, the
 * landing page, which comes with the entry so that / draws its feed in the first pass (LCP). The
 * screen frame shows a skeleton while a screen's code loads and the router fallback when one fails. The table is plain
 * elements, so the app renders it with `useRoutes` under a history router (no data router, App.tsx) and
 * tests can render it in a memory router.
 */
import type { RouteObject } from 'react-router-dom';
import { TOPICS } from '../../domain/constants.ts';
import { AppShell } from '../layout/AppShell.tsx';
import { HomePage } from '../pages/HomePage.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { GuestOnly } from './GuestOnly.tsx';
import { lazyNamed } from './lazyNamed.ts';
import { Redirect } from './Redirect.tsx';
import { ScreenFrame } from './ScreenFrame.tsx';

const PopularPage = lazyNamed(() => import('../pages/PopularPage.tsx'), 'PopularPage');
const createPage = () => import('../pages/CreatePage.tsx');
const CreatePostTab = lazyNamed(createPage, 'CreatePostTab');
const CreatePollTab = lazyNamed(createPage, 'CreatePollTab');
const profilePage = () => import('../pages/ProfilePage.tsx');
const ProfilePage = lazyNamed(profilePage, 'ProfilePage');
const ProfileTab = lazyNamed(profilePage, 'ProfileTab');
const PostPage = lazyNamed(() => import('../pages/PostPage.tsx'), 'PostPage');
const PollPage = lazyNamed(() => import('../pages/PollPage.tsx'), 'PollPage');
const CommentPage = lazyNamed(() => import('../pages/CommentPage.tsx'), 'CommentPage');
const TopicPage = lazyNamed(() => import('../pages/TopicPage.tsx'), 'TopicPage');
const RoomPage = lazyNamed(() => import('../pages/RoomPage.tsx'), 'RoomPage');
const SettingsPage = lazyNamed(() => import('../pages/SettingsPage.tsx'), 'SettingsPage');
const moderationPage = () => import('../pages/ModerationPage.tsx');
const ModerationPage = lazyNamed(moderationPage, 'ModerationPage');
const ModerationLogPage = lazyNamed(() => import('../pages/ModerationLogPage.tsx'), 'ModerationLogPage');
const SearchPage = lazyNamed(() => import('../pages/SearchPage.tsx'), 'SearchPage');
const AboutPage = lazyNamed(() => import('../pages/AboutPage.tsx'), 'AboutPage');
const TestPage = lazyNamed(() => import('../pages/TestPage.tsx'), 'TestPage');
const SignInPage = lazyNamed(() => import('../pages/auth/SignInPage.tsx'), 'SignInPage');
const SignUpPage = lazyNamed(() => import('../pages/auth/SignUpPage.tsx'), 'SignUpPage');
const ResetPasswordPage = lazyNamed(() => import('../pages/auth/ResetPasswordPage.tsx'), 'ResetPasswordPage');
const VerifyAccountPage = lazyNamed(() => import('../pages/auth/VerifyAccountPage.tsx'), 'VerifyAccountPage');

/** The screens inside the shell; the shell also draws one under the create modal. */
const screens: RouteObject[] = [
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
          { index: true, element: <Redirect to="post" /> },
          { path: 'post', element: <CreatePostTab /> },
          { path: 'poll', element: <CreatePollTab /> },
        ],
      },
      {
        path: 'u/:username',
        element: <ProfilePage />,
        children: [
          { index: true, element: <Redirect to="overview" /> },
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
      { path: 'comment/:id', element: <CommentPage /> },
      ...TOPICS.map((topic) => ({ path: `q/${topic}`, element: <TopicPage topic={topic} /> })),
      { path: 'room/:CreatorId/:title', element: <RoomPage /> },
      { path: 'search', element: <SearchPage /> },
      { path: 'setting', element: <SettingsPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'mod', element: <ModerationPage /> },
      { path: 'mod/log', element: <ModerationLogPage /> },
      { path: 'test', element: <TestPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const routes: RouteObject[] = [
  { path: '/', element: <AppShell screens={screens} />, children: screens },
];
