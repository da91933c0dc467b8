nova_config { 'DEFAULT/debug': value => true, provider => openstackconfig }
keystone_config { 'token/expiration': value => 3600 }
glance_api_config { 'DEFAULT/workers': value => 2, secret => false }
