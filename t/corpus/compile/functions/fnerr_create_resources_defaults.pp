create_resources('notify', { 'a' => {} }, 'x')
