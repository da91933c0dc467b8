# @summary A user, its primary group and its home directory.
define users::account (
  Integer[1000]              $uid,
  Array[String[1]]           $groups     = [],
  Common::Shell              $shell      = '/bin/bash',
  Enum['present', 'absent']  $ensure     = 'present',
  Boolean                    $managehome = true,
  Optional[String]           $comment    = undef,
) {
  $home = "/home/${title}"

  group { $title:
    ensure => $ensure,
    gid    => $uid,
  }

  user { $title:
    ensure     => $ensure,
    uid        => $uid,
    gid        => $uid,
    groups     => $groups,
    shell      => $shell,
    home       => $home,
    managehome => $managehome,
    comment    => pick($comment, "${title} (managed by Puppet)"),
  }

  if $ensure == 'present' {
    Group[$title] -> User[$title]

    file { $home:
      ensure  => directory,
      owner   => $title,
      group   => $title,
      mode    => '0750',
      require => User[$title],
    }
  } else {
    User[$title] -> Group[$title]
  }
}
