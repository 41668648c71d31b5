/** What the redirect flows' welcome says of the embedded mock's login: their authorization opens a tab. */
export const LOGIN_TAB_OPENS = (
  <>
    The mock's login page opens in a new tab: log in there as <code>demo</code> / <code>demo</code>.
  </>
);
