rabbitmq_binding { 'plain': source => 'src', destination => 'dst', vhost => '/' }
rabbitmq_binding { 'in@out@/': routing_key => 'key' }
alternative_entry { '/usr/bin/vim.basic': altlink => '/usr/bin/vim', altname => 'vim', priority => 30 }
alternative_entry { 'nano:/usr/bin/editor': altname => 'editor', priority => 40 }
