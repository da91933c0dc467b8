class { 'apt': }
apt::source { 'backports':
  location => 'http://deb.debian.org/debian',
  release  => 'bookworm-backports',
  repos    => 'main contrib',
}
apt::pin { 'backports':
  priority => 200,
  release  => 'bookworm-backports',
}
