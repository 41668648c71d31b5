"""Migrates, creates the user "demo" and the applications named in argv[1] (JSON), then serves the project on
127.0.0.1 and a free port with Django's threaded WSGI server, printing {"port": N} once it listens."""
import json
import os
import sys

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
with open(os.path.join(HERE, "oidc.key"), "wb") as out:
    out.write(
        key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
    )
os.environ["DJANGO_SETTINGS_MODULE"] = "settings"

import django  # noqa: E402

django.setup()
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.core.servers.basehttp import ThreadedWSGIServer, WSGIRequestHandler  # noqa: E402
from django.core.wsgi import get_wsgi_application  # noqa: E402
from oauth2_provider.models import get_application_model  # noqa: E402

call_command("migrate", verbosity=0)
user = get_user_model().objects.create_user("demo", password="demo-password")
for app in json.loads(sys.argv[1]):
    get_application_model().objects.create(user=user, skip_authorization=True, **app)

server = ThreadedWSGIServer(("127.0.0.1", 0), WSGIRequestHandler)
server.set_app(get_wsgi_application())
print(json.dumps({"port": server.server_address[1]}), flush=True)
server.serve_forever()
