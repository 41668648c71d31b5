"""oauth2_provider's own URLs (authorize, token, revoke, introspect, OpenID discovery, JWKS, UserInfo) at the root:
the issuer is http://127.0.0.1:PORT."""
from django.urls import include, path

urlpatterns = [path("", include("oauth2_provider.urls", namespace="oauth2_provider"))]
