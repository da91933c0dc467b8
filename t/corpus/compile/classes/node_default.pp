node default {
  notify { 'in_default': }
}
