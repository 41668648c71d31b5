"""A headless OpenID Connect client on Authlib 1.2 (python3-authlib), driven by `oauth-lab grade` (issue 42).

Every check on: Authlib's own (state in fetch_token, the id_token's signature in jwt.decode, its claims in
CodeIDToken and IDToken) and, where Authlib 1.2 leaves the check to the application, this script's: the metadata's
issuer (OpenID Connect Discovery 4.3), the authorization response's iss (RFC 9207 2.4), UserInfo's sub (OpenID
Connect Core 5.3.4), the refreshed id_token's sub (12.2) and the id_token's alg against the registered one (3.1.3.7
item 7): Authlib 1.2 verifies no unsigned JWS (its "none" never verifies), so an id_token of a client registered for
"none" is decoded here and its claims validated by Authlib's claims classes. GRADE_CHECK_OFF names one check to
switch off.
"""
import base64
import json
import os
import secrets
import sys
from urllib.parse import parse_qs, urlsplit

import requests
from authlib.integrations.requests_client import OAuth2Session
from authlib.jose import jwt
from authlib.oidc.core import CodeIDToken, IDToken

env = os.environ
off = env.get("GRADE_CHECK_OFF", "")
issuer = env["OAUTH_LAB_ISSUER"]
client_id = env["OAUTH_LAB_CLIENT_ID"]
registered_alg = env["OAUTH_LAB_ID_TOKEN_SIGNED_RESPONSE_ALG"]

meta = requests.get(issuer + "/.well-known/openid-configuration", timeout=10).json()
if meta["issuer"] != issuer:
    sys.exit("the metadata names another issuer")
jwks = requests.get(meta["jwks_uri"], timeout=10).json()

session = OAuth2Session(
    client_id,
    env["OAUTH_LAB_CLIENT_SECRET"],
    scope=env["OAUTH_LAB_SCOPE"],
    redirect_uri=env["OAUTH_LAB_REDIRECT_URI"],
    token_endpoint_auth_method="client_secret_basic",
    code_challenge_method="S256",
)
verifier = secrets.token_urlsafe(48)
nonce = secrets.token_urlsafe(16)
url, state = session.create_authorization_url(meta["authorization_endpoint"], code_verifier=verifier, nonce=nonce)
location = requests.get(url, allow_redirects=False, timeout=10).headers["Location"]
if off != "authorization-response-iss":
    iss = parse_qs(urlsplit(location).query).get("iss", [None])[0]
    if iss != issuer:
        sys.exit("the authorization response's iss is not the issuer")

expected_state = parse_qs(urlsplit(location).query)["state"][0] if off == "state" else state
token = session.fetch_token(
    meta["token_endpoint"], authorization_response=location, state=expected_state, code_verifier=verifier
)


def b64json(part):
    return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))


def id_token_claims(id_token, cls, params):
    options = {"iss": {"values": [issuer]}, "aud": {"values": [client_id]}}
    header_part, payload_part, signature = id_token.split(".")
    header = b64json(header_part)
    if header.get("alg") != registered_alg:
        sys.exit("the id_token's alg is not the registered id_token_signed_response_alg")
    if registered_alg == "none":
        if signature:
            sys.exit("an unsigned id_token must have an empty signature")
        claims = cls(b64json(payload_part), header, options, params)
    else:
        claims = jwt.decode(id_token, jwks, claims_cls=cls, claims_options=options, claims_params=params)
    claims.validate(leeway=60)
    return claims


claims = id_token_claims(token["id_token"], CodeIDToken, {"nonce": nonce, "client_id": client_id})
sub = claims["sub"]


def userinfo():
    info = session.get(meta["userinfo_endpoint"], timeout=10)
    info.raise_for_status()
    if off != "userinfo-sub" and info.json().get("sub") != sub:
        sys.exit("UserInfo's sub is not the id_token's")


userinfo()
if token.get("refresh_token"):
    refreshed = session.refresh_token(meta["token_endpoint"], refresh_token=token["refresh_token"])
    if refreshed.get("id_token"):
        new = id_token_claims(refreshed["id_token"], IDToken, {"client_id": client_id})
        if off != "refreshed-sub" and new["sub"] != sub:
            sys.exit("the refreshed id_token has another sub")
    userinfo()
