<?php
// PECL oauth's OAuthProvider as a server (php -S): consumer secret cs, token secret ts; a rejected request is answered
// with OAuthProvider::reportProblem(), which carries the base string it verified (debug_sbs).
$provider = new OAuthProvider();
$provider->consumerHandler(function ($p) { $p->consumer_secret = 'cs'; return OAUTH_OK; });
$provider->timestampNonceHandler(function ($p) { return OAUTH_OK; });
$provider->tokenHandler(function ($p) { $p->token_secret = 'ts'; return OAUTH_OK; });
try {
  $provider->checkOAuthRequest();
  echo "ok\n";
} catch (OAuthException $e) {
  http_response_code(401);
  echo OAuthProvider::reportProblem($e), "\n";
}
