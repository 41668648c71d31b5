# The Authorization: Basic header that requests (HTTPBasicAuth, as requests-oauthlib uses it) and Authlib
# (encode_client_secret_basic) build for each client id and secret: one JSON object per stdin line, one out each.
import json, sys, types
import requests
from authlib.oauth2.auth import encode_client_secret_basic

for line in sys.stdin:
    r = json.loads(line)
    prepared = requests.Request('POST', 'http://127.0.0.1/token').prepare()
    requests.auth.HTTPBasicAuth(r['clientId'], r['clientSecret'])(prepared)
    client = types.SimpleNamespace(client_id=r['clientId'], client_secret=r['clientSecret'])
    _, headers, _ = encode_client_secret_basic(client, 'POST', 'http://127.0.0.1/token', {}, '')
    print(json.dumps({'pythonRequests': prepared.headers['Authorization'], 'authlib': headers['Authorization']}), flush=True)
