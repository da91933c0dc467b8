ntp::server { 'pool.ntp.org':
  prefer => true,
}
