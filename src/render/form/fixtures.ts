// A form file fixture shaped like schemas/forms/create-user.json (users-and-wallets §5), with the spec's messages.
export const createUserForm = {
  $schema: '../meta/form.schema.json',
  id: 'test-create-user',
  submitLabel: 'Save',
  schema: {
    type: 'object',
    required: ['firstname', 'gender', 'birthdate', 'nationality', 'phone', 'role'],
    properties: {
      role: { type: 'integer', title: 'Role', oneOf: [
        { const: 4, title: 'Top admin' },
        { const: 16, title: 'Group admin' },
        { const: 64, title: 'Field officer' },
      ] },
      group: { type: 'string', title: 'Credit Union' },
      firstname: {
        type: 'string',
        title: 'First name',
        pattern: '^[\\p{L} ]+$',
        maxLength: 16,
        errorMessage: {
          pattern: 'first name is not in correct format',
          maxLength: 'first name is too long 16 character is required!',
        },
      },
      email: { type: 'string', title: 'Email', format: 'email', errorMessage: 'Please enter a valid email address' },
      password: { type: 'string', title: 'Password', minLength: 6, errorMessage: 'Invalid Password' },
      gender: { type: 'string', title: 'Gender', enum: ['Male', 'Female'] },
      birthdate: { type: 'string', title: 'Birth date', format: 'date', 'x-minAgeYears': 16, errorMessage: 'Invalid birth of date.' },
      nationality: { type: 'string', title: 'Nationality' },
      phone: { type: 'string', title: 'Phone', pattern: '^[0-9]{7,20}$', errorMessage: 'Invalid Mobile Number' },
      remarks: { type: 'string', title: 'Remarks' },
      agree: { type: 'boolean', title: 'Send a welcome email' },
    },
    errorMessage: {
      required: {
        firstname: 'Invalid First Name',
        gender: 'Please select a gender',
        birthdate: 'Invalid birth of date.',
        nationality: 'Please select nationality',
        phone: 'Invalid Mobile Number',
        role: 'Please select a role',
        group: 'Please select a Credit Union',
      },
    },
  },
  uiSchema: {
    'ui:order': ['role', 'group', 'firstname', 'email', 'password', 'gender', 'birthdate', 'nationality', 'phone', 'remarks', 'agree'],
    password: { 'ui:widget': 'password' },
    gender: { 'ui:widget': 'radio' },
    nationality: { 'ui:widget': 'select', 'ui:options': { optionsFrom: { operation: 'listCountries', value: 'code', label: 'nationality' } } },
    phone: { 'ui:widget': 'phone' },
    remarks: { 'ui:widget': 'textarea' },
  },
  rules: {
    group: {
      visible: { '==': [{ var: 'tenantType' }, 'wallet'] },
      required: { '==': [{ var: 'tenant' }, 'naccug'] },
      disabled: { '!': { var: 'newRecord' } },
    },
    role: { options: { '4': { '==': [{ var: 'role' }, 4] } } },
  },
};

export const countries = [
  { code: 'gm', nationality: 'Gambian' },
  { code: 'ae', nationality: 'Emirati' },
];

export const validUser = {
  role: 16,
  firstname: 'Fatou Binta',
  gender: 'Female',
  birthdate: '1990-04-12',
  nationality: 'gm',
  phone: '2207012345',
};
