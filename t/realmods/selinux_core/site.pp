selboolean { 'httpd_can_network_connect':
  value      => on,
  persistent => true,
}
