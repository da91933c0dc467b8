notify { 'n': message => inline_template('<%= @os["family"] %> <%= scope["::fqdn"] %> <%= @facts["processors"]["count"] %>') }
