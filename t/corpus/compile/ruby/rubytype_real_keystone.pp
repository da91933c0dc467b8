keystone_user_role { 'admin@admin': roles => ['admin'] }
keystone_user_role { 'bob::users@web::projects': roles => ['member'] }
keystone_user_role { 'carol@::dom': roles => ['reader'] }
keystone_user_role { 'dave::d@proj': }
keystone_user { 'bob::users': email => 'bob@example.com' }
keystone_user { 'alice': }
keystone_tenant { 'web::projects': description => 'Web' }
