/**
 * The API client as one object handed to `createQuadSystem` (spec §7): every call the machines' actors
 * make. Tests hand the factory a fake of the same shape (tests/support/fakeSystem.ts).
 */

import * as appeals from '../services/api/appeals.ts';
import * as auth from '../services/api/auth.ts';
import * as comments from '../services/api/comments.ts';
import * as create from '../services/api/create.ts';
import * as edits from '../services/api/edits.ts';
import { fetchHomePage } from '../services/api/homeFeed.ts';
import * as notifications from '../services/api/notifications.ts';
import * as polls from '../services/api/polls.ts';
import * as posts from '../services/api/posts.ts';
import * as profiles from '../services/api/profiles.ts';
import * as rooms from '../services/api/rooms.ts';
import * as safety from '../services/api/safety.ts';
import * as moderation from '../services/api/safety.ts';
import {
  memberCandidates,
  search,
  searchComments,
  searchNames,
  searchPosts,
} from '../services/api/search.ts';
import * as settings from '../services/api/settings.ts';
import { onRateLimited } from '../services/http.ts';

export const httpApi = {
  // auth and session
  generateUsernames: auth.generateUsernames,
  signUp: auth.signUp,
  signIn: auth.signIn,
  verifyOtp: auth.verifyOtp,
  resendOtp: auth.resendOtp,
  requestPasswordReset: auth.requestPasswordReset,
  updatePassword: auth.updatePassword,
  restoreSession: auth.restoreSession,
  loadUser: auth.loadUser,
  logOut: auth.logOut,
  fetchNotifications: auth.fetchNotifications,
  markNotificationRead: notifications.markNotificationRead,
  markAllNotificationsRead: notifications.markAllNotificationsRead,
  search,
  searchNames,
  searchPosts,
  searchComments,
  memberCandidates,
  // feeds, posts and polls
  fetchHomePage,
  fetchPopularPosts: posts.fetchPopularPosts,
  fetchTopicPosts: posts.fetchTopicPosts,
  fetchTopicPolls: polls.fetchTopicPolls,
  fetchPost: posts.fetchPost,
  votePost: posts.votePost,
  deletePost: posts.deletePost,
  fetchPoll: polls.fetchPoll,
  fetchPollAccess: polls.fetchPollAccess,
  votePoll: polls.votePoll,
  deletePoll: polls.deletePoll,
  createPost: create.createPost,
  createPoll: create.createPoll,
  fetchComment: comments.fetchComment,
  createComment: comments.createComment,
  deleteComment: comments.deleteComment,
  editPost: edits.editPost,
  editPoll: edits.editPoll,
  editComment: edits.editComment,
  // profiles and settings
  fetchProfile: profiles.fetchProfile,
  fetchUserOverview: profiles.fetchUserOverview,
  fetchUserPosts: profiles.fetchUserPosts,
  fetchUserPolls: profiles.fetchUserPolls,
  fetchUserComments: profiles.fetchUserComments,
  fetchUserUpvotes: profiles.fetchUserUpvotes,
  fetchLcStats: profiles.fetchLcStats,
  uploadAvatar: profiles.uploadAvatar,
  uploadBanner: profiles.uploadBanner,
  updateDetails: settings.updateDetails,
  addLeetCode: settings.addLeetCode,
  addCodeforces: settings.addCodeforces,
  setLeetCodeVisibility: settings.setLeetCodeVisibility,
  setCommentSort: settings.setCommentSort,
  setCodeforcesVisibility: settings.setCodeforcesVisibility,
  deleteAccount: settings.deleteAccount,
  // rooms
  fetchSideRooms: rooms.fetchSideRooms,
  checkRoomName: rooms.checkRoomName,
  createRoom: rooms.createRoom,
  fetchRoom: rooms.fetchRoom,
  joinRoom: rooms.joinRoom,
  requestToJoin: rooms.requestToJoin,
  leaveRoom: rooms.leaveRoom,
  deleteRoom: rooms.deleteRoom,
  renameRoom: rooms.renameRoom,
  acceptJoinRequest: rooms.acceptJoinRequest,
  declineJoinRequest: rooms.declineJoinRequest,
  cancelJoinRequest: rooms.cancelJoinRequest,
  updateRoomImage: rooms.updateRoomImage,
  fetchRoomPosts: rooms.fetchRoomPosts,
  fetchRoomPolls: rooms.fetchRoomPolls,
  removeFromRoom: rooms.removeFromRoom,
  fetchRoomMembers: rooms.fetchRoomMembers,
  fetchRoomLog: rooms.fetchRoomLog,
  // moderation and crisis help
  fetchModerationQueue: moderation.fetchModerationQueue,
  dismissReports: moderation.dismissReports,
  proposeRemoval: moderation.proposeRemoval,
  confirmRemoval: moderation.confirmRemoval,
  fetchModerationLog: moderation.fetchModerationLog,
  fetchCrisisResources: moderation.fetchCrisisResources,
  // appeals
  sendAppeal: appeals.sendAppeal,
  fetchAppeals: appeals.fetchAppeals,
  decideAppeal: appeals.decideAppeal,
  // safety: reports, blocks and hides
  sendReport: safety.sendReport,
  blockUser: safety.blockUser,
  unblockUser: safety.unblockUser,
  fetchBlockedUsers: safety.fetchBlockedUsers,
  hideItem: safety.hideItem,
  unhideItem: safety.unhideItem,
  /** Hears every 429 of the request-rate limit, whichever flow sent it; returns the unsubscribe. */
  onRateLimited,
};

export type QuadApi = typeof httpApi;
