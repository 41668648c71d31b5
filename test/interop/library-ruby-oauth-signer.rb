# Signs requests with ruby-oauth (the oauth gem, Debian ruby-oauth): one JSON request per stdin line, one JSON
# line out each, with the Authorization header and the base string the library built.
require 'json'
require 'oauth'
require 'oauth/request_proxy/net_http'
require 'net/http'
require 'uri'
$stdout.sync = true
STDIN.each_line do |line|
  r = JSON.parse(line)
  begin
    uri = URI.parse(r['url'])
    http = Net::HTTP.new(uri.host, uri.port)
    http.use_ssl = uri.scheme.downcase == 'https'
    klass = Net::HTTP.const_get(r['method'].capitalize)
    req = klass.new(uri.request_uri)
    if r['body']
      req.body = r['body']
      req['Content-Type'] = 'application/x-www-form-urlencoded'
    end
    consumer = OAuth::Consumer.new(r['consumerKey'], r['consumerSecret'], site: "#{uri.scheme}://#{uri.host}")
    token = r['token'] ? OAuth::Token.new(r['token'], r['tokenSecret'] || '') : nil
    opts = { nonce: r['nonce'], timestamp: r['timestamp'] }
    base = req.signature_base_string(http, consumer, token, opts)
    req.oauth!(http, consumer, token, opts)
    puts JSON.generate({ authorization: req['Authorization'], baseString: base })
  rescue StandardError => e
    puts JSON.generate({ error: "#{e.class}: #{e.message}" })
  end
end
