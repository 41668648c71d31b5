"""Django settings of the Django OAuth Toolkit (1.7.0, Debian's python3-django-oauth-toolkit) under audit.

Copied at test run time into a temp folder with urls.py, autologin.py and serve.py; the database and the RSA key
live there too. Django OAuth Toolkit as it ships, with OpenID Connect set up as its documentation says (OIDC_ENABLED, the RSA key
and the openid scope); nothing else.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SECRET_KEY = "interop-test-only-django-secret-key"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1"]
ROOT_URLCONF = "urls"
USE_TZ = True
INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "oauth2_provider",
]
MIDDLEWARE = [
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "autologin.AutoLogin",
]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": os.path.join(HERE, "db.sqlite3")}}
TEMPLATES = [{"BACKEND": "django.template.backends.django.DjangoTemplates", "APP_DIRS": True}]
with open(os.path.join(HERE, "oidc.key")) as key:
    OAUTH2_PROVIDER = {
        "OIDC_ENABLED": True,
        "OIDC_RSA_PRIVATE_KEY": key.read(),
        "SCOPES": {"openid": "OpenID Connect scope", "read": "Reading scope", "write": "Writing scope"},
    }
# A server error's traceback on stderr, which the harness shows when the server does not start.
LOGGING = {
    "version": 1,
    "handlers": {"stderr": {"class": "logging.StreamHandler"}},
    "loggers": {"django.request": {"handlers": ["stderr"], "level": "ERROR"}},
}
