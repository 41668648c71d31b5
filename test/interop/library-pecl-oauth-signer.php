<?php
// Signs requests with PECL oauth's OAuth client (Debian php-oauth): one JSON request per stdin line, one JSON line out
// each, with the Authorization header it built. A form body is handed over as a PHP array of decoded values, as
// a PHP program does.
while (($line = fgets(STDIN)) !== false) {
  $r = json_decode($line, true);
  try {
    $o = new OAuth($r['consumerKey'], $r['consumerSecret'], OAUTH_SIG_METHOD_HMACSHA1, OAUTH_AUTH_TYPE_AUTHORIZATION);
    $o->setNonce($r['nonce']);
    $o->setTimestamp($r['timestamp']);
    if ($r['token'] !== null) $o->setToken($r['token'], $r['tokenSecret']);
    $extra = null;
    if ($r['body'] !== null) {
      $extra = [];
      foreach (explode('&', $r['body']) as $pair) {
        if ($pair === '') continue;
        $kv = explode('=', $pair, 2);
        $extra[urldecode($kv[0])] = urldecode($kv[1] ?? '');
      }
    }
    $header = $o->getRequestHeader($r['method'], $r['url'], $extra === null ? [] : $extra);
    // The base string it signed: oauth_get_sbs() over the same parameters (the extension's own function).
    preg_match_all('/(oauth_[a-z_]+)="([^"]*)"/', $header, $m, PREG_SET_ORDER);
    $oauth = [];
    foreach ($m as [, $name, $value]) if ($name !== 'oauth_signature') $oauth[$name] = rawurldecode($value);
    $sbs = oauth_get_sbs($r['method'], $r['url'], ($extra ?? []) + $oauth);
    echo json_encode(['authorization' => $header, 'baseString' => $sbs]), "\n";
  } catch (Throwable $e) {
    echo json_encode(['error' => get_class($e) . ': ' . $e->getMessage()]), "\n";
  }
}
