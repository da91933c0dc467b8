Rtt_grant { host => 'default-host' }
rtt_grant { 'a@b': }
class inner {
  rtt_grant { 'c@d': }
  Rtt_grant['c@d'] { user => 'z' }
}
include inner
rtt_grant { ['e@f', 'g']: privileges => 'all' }
