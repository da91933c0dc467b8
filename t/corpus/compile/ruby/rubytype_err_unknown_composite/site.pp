rtt_grant { 'a@b': privileges => 'all' }
rtt_grant { 'c@d':
  port => 3306,
}
