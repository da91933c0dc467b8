class inner {
  notify { 'i': }
}
require inner
notify { 'top': }
