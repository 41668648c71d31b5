# Signs requests with Authlib (python3-authlib): one JSON request per stdin line, one JSON line out each, with
# the Authorization header Authlib built. Its nonce and timestamp generators are replaced by the request's.
import json, os, sys
os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"  # the generated requests include http:// URLs
import authlib.oauth1.rfc5849.client_auth as ca
from authlib.oauth1.rfc5849.wrapper import OAuth1Request
from authlib.oauth1.rfc5849.signature import generate_signature_base_string

state = {}
ca.generate_nonce = lambda: state['nonce']
ca.generate_timestamp = lambda: state['timestamp']
for line in sys.stdin:
    r = json.loads(line)
    state.update(nonce=r['nonce'], timestamp=r['timestamp'])
    try:
        auth = ca.ClientAuth(r['consumerKey'], r['consumerSecret'], token=r['token'], token_secret=r['tokenSecret'])
        headers = {'Content-Type': 'application/x-www-form-urlencoded'} if r['body'] is not None else {}
        body = r['body']  # a str, as requests hands a form body to Authlib's OAuth1Auth
        uri, headers, body = auth.sign(r['method'], r['url'], headers, body)
        out = {'authorization': headers['Authorization'], 'url': uri}
    except Exception as e:
        out = {'error': f'{type(e).__name__}: {e}'}
    print(json.dumps(out), flush=True)
