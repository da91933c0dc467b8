# @summary "host:port" of an endpoint; IPv6 hosts are bracketed.
function common::hostport(Common::Endpoint $endpoint) >> String {
  $host = $endpoint['host'] ? {
    /:/     => "[${endpoint['host']}]",
    default => $endpoint['host'],
  }
  "${host}:${endpoint['port']}"
}
