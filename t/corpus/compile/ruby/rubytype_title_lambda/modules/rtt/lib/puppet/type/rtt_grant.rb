# A grant: two key attributes, given together in the title as user@host.
Puppet::Type.newtype(:rtt_grant) do
  desc 'Privileges of a user connecting from a host.'

  ensurable

  newparam(:user) do
    desc 'Who.'
    isnamevar
  end

  newparam(:host, namevar: true) do
    desc 'From where.'
  end

  newproperty(:privileges, array_matching: :all) do
    desc 'What the user may do.'
    munge { |value| value.to_s.upcase }
  end

  def self.title_patterns
    [
      [/\A([^@]+)@([^@]+)\z/, [[:user], [:host]]],
      [/\A([^@]+)\z/, [[:user]]],
    ]
  end
end
