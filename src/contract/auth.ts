import type { UserInfo, WebToken } from './user';

/** What every login call answers: the session token and the player. */
export interface LoginResult {
  webToken: WebToken;
  userInfo: UserInfo;
}

/** What `webToken` answers a visitor. */
export interface VisitorTokenResult {
  webToken: WebToken;
}
