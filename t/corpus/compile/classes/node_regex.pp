node /^node\d+\./ {
  notify { 'by regex': }
}
node default {
  notify { 'fallback': }
}
