include web::vhost::defaults
