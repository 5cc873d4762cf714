/** Every user-facing text of the spec, spelled exactly as the product contract has it (profiles, settings and coding stats: peopleMessages.ts). */

export const VALIDATION = {
  collegeEmail: '* use IET email id!',
  invalidEmail: '* Invalid Email',
  usernameShort: '* username must contain more than 3 characters',
  usernameChars: '* username may only use letters, digits and _',
  usernameLong: '* username is too long',
  password: '* Password must include a-z, A-Z , 0-9, special symbol and min-length of 8',
  resetPassword: '* Password must have a-z, A-Z, 0-9, a special symbol and at least 8 characters',
  passwordLong: '* Password is too long',
  otp: '* OTP is 6 digits',
  required: '* Required',
  signinIdentity: '* Enter your username or college e-mail, and your password',
  nulCharacter: '* must not contain NUL characters',
  malformedText: '* must be well-formed text (no lone UTF-16 surrogates)',
} as const;

export const AUTH = {
  otpSent: 'Your OTP is on its way !',
  loggedIn: 'Logged In succesfully!',
  passwordUpdated: 'Password has been updated!',
  emailVerified: 'Email has been successfully varified!',
  alreadyLoggedIn: 'You are already logged in!',
  sessionRestored: 'Loggin Session Restored',
  sessionExpired: 'Login session expired!',
  loggingOut: 'Logging out...',
  loggedOut: 'Logged out',
  signupServerError: 'Some error occured! Try Again.',
  userExists: 'User already exists with this Username or email',
  invalidOtp: 'Invalid OTP!',
  otpExpired: 'OTP expired! Resend it.',
  resetOtpExpired: 'Otp is Expired! Resend it.',
  resetThrottled: 'Timeout!Too many request',
  otpOtherError: 'Some error occured! Try again',
  invalidCredentials: 'Invalid Credentials',
  unknownUser: "User doesn't exists. Please Sign Up",
  signinThrottled: 'TimeOut!! Please try again after some times',
  resetUnknownUser: "User doesn't exists !",
  resetSendError: 'Error sending OTP! Try Again.',
  updateNotModified: "Could't update! Try Again.",
  updateFailed: 'Some error occurred! Try again.',
  usernameGenerationFailed: 'Not Able to Generate Username!Try Again Later',
  accountNotVerified: 'Please verify your account: enter the OTP sent to your email.',
  otpThrottled: 'Too many requests. Please wait before asking for another OTP.',
  resetExpired: 'Your reset session has expired. Start again.',
  notSignedIn: 'Please sign in first.',
  forbidden: 'Forbidden',
  csrf: 'Invalid or missing XSRF token',
  notFound: 'Not found',
  serverError: 'Something went wrong on our side. Try again.',
} as const;

export const SCREENS = {
  notFoundTitle: 'Page Not Found',
  notFoundBody: "Sorry, but we can't find the page you are looking for...",
  backHome: 'Back to Home',
  forbiddenTitle: 'Forbidden!',
  forbiddenCode: 'Code 403',
  technicalError: 'Some Technical Error',
  routerFallback: 'Unexpected Application Error!',
  anonymous: 'Anonymous',
} as const;

export const HTTP_ERRORS = {
  network: 'Network Error',
  aborted: 'Request aborted',
  timeout: 'timeout',
  status: (code: number) => `Request failed with status code ${code}`,
} as const;

/** 429 from the request-rate limit: how long until the budget opens again. */
export const tooManyRequests = (waitMs: number) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return `Too many requests. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
};

export const POSTS = {
  startPost: 'Start a post...',
  selectTopic: 'Select a Topic',
  titleRequired: '*Title cannot be empty',
  titleLong: '*Title is at most 300 characters',
  descriptionEmpty: '*Description cannot be empty',
  descriptionLong: '*Description is too long',
  topicRequired: '*Select a Topic',
  imageOnly: '*Only image files can be posted',
  imageTooLarge: 'The image is too large',
  imageUnreadable: 'The file is not a readable image',
  imageAltLong: '*Image description is at most 500 characters',
  posting: 'Posting....',
  posted: 'Successfully Posted!',
  postFailed: 'Fails To Post',
  signInFirst: 'Sign In First',
  deleteConfirm: "Are you certain you want to delete this post? This can't be undone.",
  deleted: 'Post Deleted!',
  notFound: 'Post not found',
  notAuthor: 'Only the author can do that',
  readMore: 'Read More',
  showLess: 'Show Less',
  share: (user: string) => `Check out ${user}'s latest post on our site!`,
  linkCopied: 'Post link copied to clipboard',
  /** When the clipboard cannot be written: the link shown to copy by hand. */
  copyLink: (url: string) => `Copy this link: ${url}`,
  upvoted: 'upvoted your post!',
  downvoted: 'downvoted your post!',
  commentUpvoted: 'upvoted your comment!',
  commentDownvoted: 'downvoted your comment!',
  repliedToPost: 'replied to your post!',
  repliedToComment: 'replied to your comment!',
} as const;

export const POLLS = {
  questionRequired: '*Question cannot be empty',
  questionLong: '*Question is at most 150 characters',
  optionRequired: '*All options are required',
  optionLong: '*An option is at most 100 characters',
  tooFewOptions: '*A poll needs at least 2 options',
  optionsLimit: 'Options_Limit_Reached',
  /** Beside 'Add option': how many of the most there are, then that the limit is reached. */
  optionCount: (count: number, most: number) => `${count} of ${most} options`,
  optionsLimitHint: (most: number) => `Options_Limit_Reached: ${most} of ${most} options`,
  createPoll: 'Create Poll',
  created: 'Poll Created!',
  createFailed: 'Fails To Create Poll',
  loginToVote: 'Login to vote',
  deleteConfirm: "Are you certain you want to delete this poll? This can't be undone.",
  deleted: 'Poll Deleted!',
  deleteFailed: 'Server Issue',
  notFound: 'Poll not found',
  notFoundBody: 'It may have been deleted by its author.',
  loadFailed: 'Could not load this poll. Try again in a moment.',
  totalVotes: (n: number) => `Total_votes: ${n}`,
} as const;

export const COMMENTS = {
  addComment: 'Add a comment',
  adding: 'Adding your comment...',
  added: 'Comment Added.',
  failed: 'Failed to Add Comment',
  serverIssue: 'Server Issue!!',
  empty: '*Comment cannot be empty',
  long: '*Comment is too long',
  deleted: 'Comment deleted',
  deletedBody: '[deleted]',
  notFound: 'Comment not found',
} as const;

export const LISTS = {
  end: "You've reached the end of the page!",
  homeEmpty: "It looks like there's no posts to display.",
  noPosts: 'No posts available to display!',
  noPolls: 'No Polls available to display!',
  postsEmpty: "It looks like there aren't any posts yet.",
  pollsEmpty: "It looks like there aren't any Polls yet.",
} as const;

export const DIALOG = { cancel: 'Cancle', confirm: 'Confirm' } as const;

export const ROOMS = {
  nameShort: '*Required length is 3',
  nameSpaces: '*Name cannot include spaces.',
  nameLong: '*Name is at most 25 characters',
  descLong: '*Description is too long',
  available: 'Room name is available',
  notAvailable: (name: string) => `Sorry ${name} is not available`,
  created: 'Room Created Successufully',
  joinRequestTitle: 'Join My Room',
  firstJoin: 'First Join The Room',
  firstJoinPoll: 'First Join Room',
  requestSent: 'Successfully Send Request',
  deleteConfirm: "Are you certain you want to delete this Room? This can't be undone.",
  leaveConfirm: 'Are you certain you want to leave this room?',
  processing: 'Processing...',
  empty: 'Room not available!',
  openForAll: 'Open For All',
  onlyYou: 'Only You can add people',
  noMatchingUsers: 'No matching users found.',
  updated: 'Updated',
  notFound: 'Room not found',
  userNotFound: 'User not found',
  privateRoom: 'This room is private: send a request to join',
  notOwner: 'Only the room owner can do that',
  membersInvite: 'Only members of this room can add people',
  joined: 'You joined the room',
  alreadyMember: 'Already a member of this room',
  left: 'You left the room',
  notMember: 'You are not a member of this room',
  ownerCannotLeave: 'The owner cannot leave the room; delete it instead',
  publicRoom: 'This room is open for all: join it',
  noRequest: 'No pending request from this user',
  accepted: 'Request accepted',
  acceptFailed: 'Could not accept the request. Try again.',
  declined: 'Request declined',
  declineFailed: 'Could not decline the request. Try again.',
  requestCancelled: 'Request withdrawn',
  cancelFailed: 'Could not withdraw the request. Try again.',
  noOwnRequest: 'You have no pending request for this room',
  /** The notices to the person who asked (kinds requestAccepted, requestDeclined); the body is the room's title. */
  requestAcceptedTitle: 'Your request to join was accepted',
  requestDeclinedTitle: 'Your request to join was declined',
  invitationFailed: 'Could not accept the invitation. Try again.',
  renamed: 'Room renamed',
  deleted: 'Room Deleted',
  imageRequired: '*Choose an image',
  /** The room owner's moderation (docs/moderation.md "Room owners"). */
  removedItem: 'Removed from the room',
  removedMember: 'Member removed',
  removedByOwner: "Removed by the room's owner",
  notInRoom: 'This item is not in a room',
  alreadyRemoved: 'This item was removed already',
  notAMember: 'This person is not a member of this room',
  ownerStays: 'The owner cannot be removed from their room',
  logMembersOnly: 'Only members of this room can read its log',
} as const;

export const SEARCH = {
  signInFirst: 'Please Sign in!!!',
  people: 'People',
  rooms: 'Rooms',
  posts: 'Posts',
  comments: 'Comments',
  keyLong: '* Search text is too long',
  /** The search box's accessible name. */
  box: 'Search people, rooms and posts',
  /** The dropdown's way to the search page. */
  seeAll: (key: string) => `See all results for “${key}”`,
  /** The search page's title and heading. */
  pageTitle: (key: string) => (key ? `Search results for “${key}”` : 'Search'),
  noKey: 'Type in the search box to find people, rooms, posts and comments.',
} as const;

export const NOTIFICATIONS = {
  empty: "You're all caught up! No new notifications.",
  markAll: 'Mark all as Read',
  markedAll: 'All notifications marked as read',
  marked: 'Notification marked as read',
  notFound: 'Notification not found',
} as const;

/** The live event stream (GET /api/events). */
export const LIVE = {
  /** Validation names the field: 'watch: must be ...'. */
  badWatch: 'must be post:<id>, poll:<id> or room:<id>',
  tooManyForAccount: 'Too many live streams open for this account: close a tab',
  tooManyForAddress: 'Too many live streams open from this address',
} as const;

/** The Create Room and rename dialogs (spec §2 Create Room flow, §4 Room name availability, §8 Room create). */
export const ROOM_FORMS = {
  createTitle: 'Create a Room',
  renameTitle: 'Rename the Room',
  creating: 'Creating Room...',
  renaming: 'Renaming...',
  serverIssue: 'Server Issue',
  nameCheckFailed: 'Could not check the name. Try again.',
  nameChecking: 'Checking availability…',
  nameUnchanged: 'This is the current name',
  saveAndNext: 'Save & Next',
  create: 'Create',
  back: 'Back',
  myRooms: 'My Rooms',
  publicRooms: 'Public Rooms',
  createRoom: 'Create Room',
} as const;

/** The room page (spec §2 Room page, §6 Private room, §8 Share). */
export const ROOM_PAGE = {
  join: 'Join',
  sendRequest: 'Send Request',
  requested: 'Requested',
  requestSent: 'Request sent',
  cancelRequest: 'Cancel',
  cancelRequestLabel: (title: string) => `Cancel your request to join q/${title}`,
  acceptInvitation: 'Accept invitation',
  post: 'Post',
  addMember: 'Add member',
  title: 'Title',
  delete: 'Delete',
  leave: 'Leave',
  name: 'Name:',
  posts: 'Posts',
  polls: 'Polls',
  members: 'Members',
  share: 'Share',
  shareText: (title: string) => `Check out q/${title} on our site!`,
  linkCopied: 'Room link copied to clipboard',
  privateHint: 'This room is private. Send a request to join: its owner decides.',
  privateRequested: 'This room is private. Your request is waiting for its owner.',
  privateInvited: 'This room is private. Its owner invited you: accept to join.',
  loadFailed: 'Could not load the room.',
  changeBackground: 'Change background',
  changeIcon: 'Change icon',
  searchPeople: 'Search people by username',
  pickSuggestion: 'Pick a user from the suggestions.',
  save: 'Save',
  cancel: 'Cancel',
} as const;

/** The profile page (spec §2 Profile, §6 Profile owner, §8 Share). */
