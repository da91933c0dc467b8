class web (
  Integer $port = 80,
  String $docroot = '/var/www',
  Hash $settings = {},
  String $flavour = 'none',
) {
  include common
  notify { 'web': message => "port ${port} docroot ${docroot} flavour ${flavour}" }
  notify { 'web settings': message => String($settings.keys.sort) }
  file { "${docroot}/index.html":
    ensure => file,
    source => 'puppet:///modules/web/index.html',
  }
}
