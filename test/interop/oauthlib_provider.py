"""An OAuth 1.0a provider built on python oauthlib (Debian's python3-oauthlib), for interop tests only.

It listens on 127.0.0.1 (port 0 picks a free one), prints its base URL on stdout, and serves the service's
paths: POST /oauth/v1/request_token, GET /oauth/v1/authorize (approves at once and redirects with the
verifier), POST /oauth/v1/access_token, and GET /api/v1/me and any path under /api/v1/paths/ (for paths full of
characters; the signature is checked over the path as received). Credentials: consumer key below, secret below.
"""
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlencode, urlparse, parse_qs

from oauthlib.common import generate_token
from oauthlib.oauth1 import (AccessTokenEndpoint, AuthorizationEndpoint, RequestTokenEndpoint,
                             RequestValidator, ResourceEndpoint)

CONSUMER_KEY = "interopconsumerkey0123"
CONSUMER_SECRET = "interop-consumer-secret"


class Validator(RequestValidator):
    enforce_ssl = False  # loopback test server over plain HTTP
    nonce_length = (16, 64)
    request_token_length = (16, 64)
    access_token_length = (16, 64)
    verifier_length = (16, 64)
    allowed_signature_methods = ("HMAC-SHA1", "HMAC-SHA256", "PLAINTEXT")

    def __init__(self):
        super().__init__()
        self.nonces = set()
        self.request_tokens = {}   # token -> {secret, redirect_uri, verifier}
        self.access_tokens = {}    # token -> secret

    @property
    def dummy_client(self): return "dummyconsumerkey00000000"
    @property
    def dummy_request_token(self): return "dummyrequesttoken0000000"
    @property
    def dummy_access_token(self): return "dummyaccesstoken00000000"

    def check_client_key(self, key): return 16 <= len(key) <= 64
    def validate_client_key(self, key, request): return key == CONSUMER_KEY
    def get_client_secret(self, key, request): return CONSUMER_SECRET if key == CONSUMER_KEY else "dummy"
    def validate_timestamp_and_nonce(self, key, ts, nonce, request, request_token=None, access_token=None):
        seen = (key, ts, nonce, request_token, access_token)
        if seen in self.nonces: return False
        self.nonces.add(seen)
        return True
    def validate_requested_realms(self, key, realms, request): return True
    def get_default_realms(self, key, request): return []
    def validate_redirect_uri(self, key, uri, request): return uri.startswith("http://127.0.0.1:")
    def save_request_token(self, token, request):
        self.request_tokens[token["oauth_token"]] = {"secret": token["oauth_token_secret"], "redirect_uri": request.redirect_uri, "verifier": None}
    def get_realms(self, token, request): return []
    def verify_request_token(self, token, request): return token in self.request_tokens
    def verify_realms(self, token, realms, request): return True
    def save_verifier(self, token, verifier, request): self.request_tokens[token]["verifier"] = verifier["oauth_verifier"]
    def get_redirect_uri(self, token, request): return self.request_tokens[token]["redirect_uri"]
    def validate_request_token(self, key, token, request): return token in self.request_tokens
    def get_request_token_secret(self, key, token, request): return self.request_tokens.get(token, {"secret": "dummy"})["secret"]
    def validate_verifier(self, key, token, verifier, request): return self.request_tokens.get(token, {}).get("verifier") == verifier
    def invalidate_request_token(self, key, token, request): self.request_tokens.pop(token, None)
    def save_access_token(self, token, request): self.access_tokens[token["oauth_token"]] = token["oauth_token_secret"]
    def validate_access_token(self, key, token, request): return token in self.access_tokens
    def get_access_token_secret(self, key, token, request): return self.access_tokens.get(token, "dummy")
    def validate_realms(self, key, token, request, uri=None, realms=None): return True


validator = Validator()
endpoints = {
    "request_token": RequestTokenEndpoint(validator),
    "authorize": AuthorizationEndpoint(validator),
    "access_token": AccessTokenEndpoint(validator),
    "resource": ResourceEndpoint(validator),
}


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args): pass

    def _answer(self, headers, body, status):
        self.send_response(status)
        for k, v in (headers or {}).items(): self.send_header(k, v)
        if body and "Content-Type" not in (headers or {}): self.send_header("Content-Type", "application/x-www-form-urlencoded")
        data = (body or "").encode()
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _args(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode() if length else None
        uri = "http://%s%s" % (self.headers["Host"], self.path)
        return uri, self.command, body, dict(self.headers)

    def do_POST(self):
        uri, method, body, headers = self._args()
        path = urlparse(self.path).path
        if path == "/oauth/v1/request_token":
            h, b, s = endpoints["request_token"].create_request_token_response(uri, method, body, headers)
        elif path == "/oauth/v1/access_token":
            h, b, s = endpoints["access_token"].create_access_token_response(uri, method, body, headers)
        else:
            h, b, s = {}, "", 404
        self._answer(h, b, s)

    def do_GET(self):
        uri, method, body, headers = self._args()
        path = urlparse(self.path).path
        if path == "/oauth/v1/authorize":
            token = parse_qs(urlparse(self.path).query).get("oauth_token", [""])[0]
            h, b, s = endpoints["authorize"].create_authorization_response(uri, method, body, headers, credentials={"resource_owner_key": token})
            self._answer(h, b, s)
        elif path == "/api/v1/me" or path.startswith("/api/v1/paths/"):
            valid, _ = endpoints["resource"].validate_protected_resource_request(uri, method, body, headers)
            self._answer({"Content-Type": "application/json"}, '{"user":"interop"}' if valid else '{"error":"invalid"}', 200 if valid else 401)
        else:
            self._answer({}, "", 404)


server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1]) if len(sys.argv) > 1 else 0), Handler)
print("http://127.0.0.1:%d" % server.server_address[1], flush=True)
server.serve_forever()
