"""The test's stand-in for a user at the browser: a request without a session logs "demo" in (as node-oidc-provider's
interop harness answers its login at once). The applications skip consent (skip_authorization)."""
from django.contrib.auth import get_user_model, login


class AutoLogin:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not request.user.is_authenticated:
            user = get_user_model().objects.get(username="demo")
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return self.get_response(request)
