/** Every user-facing text of the spec, spelled exactly as the product contract has it. */

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
  upvoted: 'upvoted your post!',
  downvoted: 'downvoted your post!',
} as const;

export const POLLS = {
  questionRequired: '*Question cannot be empty',
  questionLong: '*Question is at most 150 characters',
  optionRequired: '*All options are required',
  optionLong: '*An option is at most 100 characters',
  tooFewOptions: '*A poll needs at least 2 options',
  optionsLimit: 'Options_Limit_Reached',
  createPoll: 'Create Poll',
  created: 'Poll Created!',
  createFailed: 'Fails To Create Poll',
  loginToVote: 'Login to vote',
  deleteConfirm: "Are you certain you want to delete this poll? This can't be undone.",
  deleted: 'Poll Deleted!',
  deleteFailed: 'Server Issue',
  notFound: 'Poll not found',
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
