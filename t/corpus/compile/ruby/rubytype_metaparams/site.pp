schedule { 'daily': period => daily }
notify { 'n': }
rtt_plain { 'a':
  alias     => 'aa',
  audit     => 'content',
  before    => Notify['n'],
  loglevel  => debug,
  noop      => true,
  schedule  => 'daily',
  tag       => ['extra', 'more'],
}
rtt_plain { 'b': require => Rtt_plain['a'], subscribe => Notify['n'], notify => Rtt_svc['s'] }
rtt_svc { 's': }
