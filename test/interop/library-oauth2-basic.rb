# The Authorization: Basic header ruby-oauth2 (Debian ruby-oauth2) builds for each client id and secret.
require 'json'
require 'oauth2'
$stdout.sync = true
STDIN.each_line do |line|
  r = JSON.parse(line)
  puts JSON.generate({ rubyOauth2: OAuth2::Authenticator.encode_basic_auth(r['clientId'], r['clientSecret']) })
end
