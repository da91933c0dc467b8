class role::web {
  include profile::base
}
