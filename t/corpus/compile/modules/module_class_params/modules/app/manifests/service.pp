class app::service {
  notify { 'app service':
    message => "${app::user}:${app::port}",
  }
}
