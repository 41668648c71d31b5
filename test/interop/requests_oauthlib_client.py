"""A third-party client (requests-oauthlib, Debian's python3-requests-oauthlib) against `oauth-lab mock`.

Usage: python3 requests_oauthlib_client.py BASE_URL
Runs the OAuth 1.0a three legs, a signed API call, deauthorization (then 401), the OAuth 2 code grant, a bearer
call, a refresh, and code reuse (400 invalid_grant). Prints one JSON object per step; exits non-zero on failure.
Talks only to BASE_URL (127.0.0.1); proxies from the environment are ignored.
"""
import json
import os
import sys
from urllib.parse import parse_qs, urlparse

os.environ["OAUTHLIB_INSECURE_TRANSPORT"] = "1"  # the mock speaks plain http on loopback

import requests  # noqa: E402
from oauthlib.oauth2.rfc6749.errors import InvalidGrantError  # noqa: E402
from requests_oauthlib import OAuth1Session, OAuth2Session  # noqa: E402

BASE = sys.argv[1].rstrip("/")
assert urlparse(BASE).hostname == "127.0.0.1", "the interop test talks to 127.0.0.1 only"
CONSUMER_KEY, CONSUMER_SECRET = "oauth-lab-consumer", "oauth-lab-consumer-secret"
CLIENT_ID, CLIENT_SECRET = "oauth-lab-client", "oauth-lab-client-secret"
CALLBACK = "http://127.0.0.1:8765/callback"


def step(name, **data):
    print(json.dumps({"step": name, **data}), flush=True)


def no_proxy(session):
    session.trust_env = False
    return session


# OAuth 1.0a, step one: request token (POST, signed HMAC-SHA1, Authorization header).
o1 = no_proxy(OAuth1Session(CONSUMER_KEY, client_secret=CONSUMER_SECRET, callback_uri=CALLBACK))
rt = o1.fetch_request_token(BASE + "/oauth/v1/request_token")
assert rt["oauth_callback_confirmed"] == "true", rt
assert rt["oauth_expires_in"] == "600", rt
step("oauth1.request_token", token=rt["oauth_token"], expires_in=rt["oauth_expires_in"])

# Step two: the user's browser (auto-login) is redirected to the callback with oauth_token and oauth_verifier.
auth_url = o1.authorization_url(BASE + "/oauth/v1/authorize")
browser = no_proxy(requests.Session())
r = browser.get(auth_url, allow_redirects=False)
assert r.status_code == 302, (r.status_code, r.text)
redirect = r.headers["Location"]
assert redirect.startswith(CALLBACK + "?"), redirect
verifier = o1.parse_authorization_response(redirect)
assert verifier["oauth_token"] == rt["oauth_token"], "oauth_token echo must equal the request token"
step("oauth1.authorize", redirect_has_verifier="oauth_verifier" in verifier)

# Step three: access token, signed with the request token secret.
at = o1.fetch_access_token(BASE + "/oauth/v1/access_token")
assert set(at) >= {"oauth_token", "oauth_token_secret"}, at
step("oauth1.access_token", token=at["oauth_token"])

# Signed API calls: GET with a query, POST with a form body (both signed by requests-oauthlib).
me = o1.get(BASE + "/api/v1/me", params={"q": "a b+c"})
assert me.status_code == 200, (me.status_code, me.text)
assert me.json()["username"] == "demo", me.text
post = o1.post(BASE + "/api/v1/me", data={"status": "hello world", "x": "1"})
assert post.status_code == 200, (post.status_code, post.text)
step("oauth1.api_call", get=me.status_code, post=post.status_code)

# The user deauthorizes the access token (admin API); API calls then get 401.
d = browser.post(BASE + "/_mock/oauth1/access-tokens/%s/deauthorize" % at["oauth_token"], json={})
assert d.status_code == 200, (d.status_code, d.text)
after = o1.get(BASE + "/api/v1/me")
assert after.status_code == 401, (after.status_code, after.text)
problem = parse_qs(after.text)["oauth_problem"][0]
assert problem == "token_revoked", after.text
assert after.headers["WWW-Authenticate"].startswith("OAuth "), after.headers
step("oauth1.deauthorized", status=after.status_code, oauth_problem=problem)

# OAuth 2: authorization code grant (client_secret in the body, as the service lists it).
o2 = no_proxy(OAuth2Session(CLIENT_ID, redirect_uri=CALLBACK, scope=["read"]))
url, state = o2.authorization_url(BASE + "/oauth/v2/authorize", grant_type="authorization_code")
r = browser.get(url, allow_redirects=False)
assert r.status_code == 302, (r.status_code, r.text)
callback = r.headers["Location"]
query = parse_qs(urlparse(callback).query)
assert query["state"] == [state], "state must be echoed unchanged"
token = o2.fetch_token(BASE + "/oauth/v2/token", authorization_response=callback, client_secret=CLIENT_SECRET, include_client_id=True)
assert token["token_type"].lower() == "bearer" and isinstance(token["expires_in"], int), token
assert token["scope"] == ["read"], token
step("oauth2.token", token_type=token["token_type"], expires_in=token["expires_in"])

# Bearer call.
me2 = o2.get(BASE + "/api/v2/me")
assert me2.status_code == 200 and me2.json()["username"] == "demo", (me2.status_code, me2.text)
step("oauth2.bearer_call", status=me2.status_code)

# Refresh (RFC 6749 §6): a new access token works.
refreshed = o2.refresh_token(BASE + "/oauth/v2/token", client_id=CLIENT_ID, client_secret=CLIENT_SECRET)
assert refreshed["access_token"] != token["access_token"], refreshed
assert refreshed["refresh_token"] != token["refresh_token"], "rotation issues a new refresh token"
me3 = o2.get(BASE + "/api/v2/me")
assert me3.status_code == 200, (me3.status_code, me3.text)
step("oauth2.refresh", status=me3.status_code)

# Code reuse: 400 invalid_grant.
again = OAuth2Session(CLIENT_ID, redirect_uri=CALLBACK, state=state, scope=["read"])
no_proxy(again)
try:
    again.fetch_token(BASE + "/oauth/v2/token", authorization_response=callback, client_secret=CLIENT_SECRET, include_client_id=True)
    raise AssertionError("a reused code must be refused")
except InvalidGrantError as e:
    step("oauth2.code_reuse", error=e.error, status=e.status_code)
raw = browser.post(BASE + "/oauth/v2/token", data={"grant_type": "authorization_code", "code": query["code"][0], "redirect_uri": CALLBACK, "client_id": CLIENT_ID, "client_secret": CLIENT_SECRET})
assert raw.status_code == 400 and raw.json()["error"] == "invalid_grant", (raw.status_code, raw.text)

# The reuse revoked the grant (RFC 6749 §4.1.2): the refreshed token no longer works.
me4 = o2.get(BASE + "/api/v2/me")
assert me4.status_code == 401 and 'error="invalid_token"' in me4.headers["WWW-Authenticate"], (me4.status_code, me4.headers)
step("oauth2.revoked_after_reuse", status=me4.status_code)
step("done")
