# Signs requests with Net::OAuth (libnet-oauth-perl): one JSON request per stdin line, one JSON line out each,
# with the Authorization header and the base string the library built. A form body is handed over as a hash of
# decoded character strings, as a Perl program does; the query stays in the URL, where Net::OAuth reads it.
use strict; use warnings;
use JSON::PP; use Net::OAuth; use URI::Escape qw(uri_unescape);
$Net::OAuth::PROTOCOL_VERSION = Net::OAuth::PROTOCOL_VERSION_1_0A;
$Net::OAuth::SKIP_UTF8_DOUBLE_ENCODE_CHECK = 1;
$| = 1;
my $json = JSON::PP->new->utf8->canonical;
while (my $line = <STDIN>) {
  my $r = $json->decode($line);
  my $out = eval {
    my %extra;
    if (defined $r->{body}) {
      for my $pair (split /&/, $r->{body}) {
        next if $pair eq '';
        my ($k, $v) = split /=/, $pair, 2;
        $v = '' unless defined $v;
        ($k, $v) = map { (my $s = $_) =~ tr/+/ /; my $d = uri_unescape($s); utf8::decode($d); $d } ($k, $v);
        $extra{$k} = $v;
      }
    }
    my %args = (
      consumer_key => $r->{consumerKey}, consumer_secret => $r->{consumerSecret},
      request_url => $r->{url}, request_method => $r->{method}, signature_method => 'HMAC-SHA1',
      timestamp => $r->{timestamp}, nonce => $r->{nonce}, extra_params => \%extra,
    );
    my $type = 'consumer';
    if (defined $r->{token}) { $type = 'protected resource'; $args{token} = $r->{token}; $args{token_secret} = $r->{tokenSecret}; }
    my $req = Net::OAuth->request($type)->new(%args);
    $req->sign;
    { authorization => $req->to_authorization_header, baseString => $req->signature_base_string };
  };
  $out = { error => "$@" } unless $out;
  print $json->encode($out), "\n";
}
