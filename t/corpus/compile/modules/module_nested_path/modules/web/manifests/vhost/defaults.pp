class web::vhost::defaults {
  notify { 'vhost defaults': }
}
