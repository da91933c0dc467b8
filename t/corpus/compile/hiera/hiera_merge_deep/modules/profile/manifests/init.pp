class profile (Hash $settings) { notify { 'profile': message => $settings } }
