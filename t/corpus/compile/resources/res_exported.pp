@@notify { 'exported': }
notify { 'real': }
